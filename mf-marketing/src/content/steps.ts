// The four steps of the process (post project; invite experts and get quotes; collaborate in the Workspace;
// job done), shared by the home section and the how-it-works timeline.

export interface ProcessStep {
  id: string;
  title: string;
  description: string;
}

export const processSteps: ProcessStep[] = [
  {
    id: 'post',
    title: 'Post your project',
    description: 'Describe what you need in under 5 minutes. Posting is free and there is no subscription.',
  },
  {
    id: 'quotes',
    title: 'Invite experts and get quotes',
    description: 'Receive matched experts within 24 hours, invite the ones you like and compare their quotes.',
  },
  {
    id: 'workspace',
    title: 'Collaborate in the Workspace',
    description: 'Share files, chat and agree milestones. Each milestone payment is held in escrow.',
  },
  {
    id: 'done',
    title: 'Job done',
    description: 'Approve the delivered work to release the payment, backed by our 100% money-back guarantee.',
  },
];
