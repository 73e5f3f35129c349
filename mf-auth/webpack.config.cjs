const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_auth',
  title: 'SciExperts sign-in (standalone)',
  exposes: {
    './AuthModal': './src/exposes/AuthModal.tsx',
    './ResetPasswordPage': './src/exposes/ResetPasswordPage.tsx',
    './UnsubscribePage': './src/exposes/UnsubscribePage.tsx',
    './ConfirmEmailPage': './src/exposes/ConfirmEmailPage.tsx',
    './VerifyEmailPage': './src/exposes/VerifyEmailPage.tsx',
    './IdentityCallback': './src/exposes/IdentityCallback.tsx',
    './StepUpDialog': './src/exposes/StepUpDialog.tsx',
    './SecurityLinkPage': './src/exposes/SecurityLinkPage.tsx',
    './identitySession': './src/exposes/identitySession.ts',
  },
});
