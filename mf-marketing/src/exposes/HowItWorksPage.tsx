export { HowItWorksPage as default } from '../pages/HowItWorksPage';
