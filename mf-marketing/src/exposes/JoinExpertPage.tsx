export { JoinExpertPage as default } from '../pages/JoinExpertPage';
