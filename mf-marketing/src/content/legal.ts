// The Privacy Policy, the User Agreement (terms) and the Cookie Policy, dated and versioned. Processors are
// named by their role; the commercial terms come from ./platform so the documents and the pages agree.
import { AUTO_RELEASE_DAYS, CONTACT, PLATFORM_FEE_PERCENT } from './platform';
import { type DocSection } from './richText';

export type LegalDocumentId = 'privacy-policy' | 'terms' | 'cookie-policy';

export interface LegalVersion {
  version: string;
  /** ISO date the version took effect. */
  date: string;
  summary: string;
}

export interface LegalDocument {
  id: LegalDocumentId;
  /** The canonical path. */
  path: string;
  /** Older or alternative paths that show the same document. */
  aliases: string[];
  title: string;
  description: string;
  version: string;
  /** ISO date (YYYY-MM-DD) this version took effect. */
  effectiveDate: string;
  /** Plain-language summary above the full text. */
  summary: string;
  sections: DocSection[];
  history: LegalVersion[];
}

/** The operator, as every document names it. */
export const OPERATOR = 'SciExperts B.V.';

const mail = (address: string) => `[${address}](mailto:${address})`;

export const privacyPolicy: LegalDocument = {
  id: 'privacy-policy',
  path: '/privacy-policy',
  aliases: [],
  title: 'Privacy Policy',
  description: 'What personal data SciExperts collects, why, how long we keep it, who processes it for us, and how to exercise your rights under the GDPR and US state privacy laws.',
  version: '1.0',
  effectiveDate: '2026-11-23',
  summary:
    'We collect what we need to run the marketplace: your account and profile, your projects and messages, and payment records. We do not sell your data, we do not use advertising trackers, and you can see, correct, export or delete your data at any time by writing to us.',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        { type: 'p', text: `SciExperts is operated by ${OPERATOR} (“SciExperts”, “we”, “us”). We are the controller of the personal data described in this policy, which applies to the website, the member area and the e-mails we send. Our postal address is printed on every invoice and sent on request.` },
        { type: 'p', text: `For anything about your personal data, write to ${mail(CONTACT.privacy)}. Our data protection contact reads every message and answers within one month.` },
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      blocks: [
        {
          type: 'table',
          caption: 'Personal data we process and where it comes from',
          columns: ['Category', 'Examples', 'Source'],
          rows: [
            ['Account data', 'Name, e-mail address, phone number, password (stored only as a salted hash), how you heard about us', 'You, when you sign up'],
            ['Sign-in data', 'The identifier and e-mail address your identity provider confirms, the method you used to sign in', 'Our identity provider, when you sign in through it'],
            ['Profile data', 'Photo, headline, summary, hourly fee, services, work experience, education, certifications, publications', 'You; publications from ORCID if you connect your ORCID record'],
            ['Project data', 'Project descriptions, proposals, quotes, milestones, files, reviews', 'You and the members you work with'],
            ['Messages', 'Direct messages and Workspace messages, with their time stamps', 'You and the members you write to'],
            ['Payment data', 'Milestone amounts, invoices, payout details of experts, tax information', 'You and our payment processor; we never see full card numbers'],
            ['Concierge requests', 'Name, e-mail address, what you need, budget and deadline', 'You, through the concierge form'],
            ['Technical data', 'IP address, browser type, time and outcome of sign-in attempts, error records', 'Your browser, automatically'],
          ],
        },
        { type: 'p', text: 'We do not ask for special categories of data (such as health data) about you. If a project needs personal data about other people, for example study participants, the client must share it only in de-identified form or under a separate data-processing agreement with the expert.' },
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it, and on what legal basis',
      blocks: [
        {
          type: 'table',
          caption: 'Purposes and legal bases under Article 6 GDPR',
          columns: ['Purpose', 'Data used', 'Legal basis'],
          rows: [
            ['Running your account and the marketplace: matching, proposals, the Workspace, messages', 'Account, profile, project data, messages', 'Performance of our contract with you (Art. 6(1)(b))'],
            ['Processing payments, escrow, refunds and payouts', 'Account and payment data', 'Performance of contract; legal obligation for accounting and tax records (Art. 6(1)(c))'],
            ['Vetting experts’ credentials before they can send quotes', 'Profile data, documents you provide', 'Legitimate interest in a trustworthy marketplace (Art. 6(1)(f))'],
            ['Keeping the service secure: throttling sign-in attempts, preventing fraud and abuse', 'Technical data, sign-in data', 'Legitimate interest in security (Art. 6(1)(f))'],
            ['Answering concierge requests and support questions', 'Concierge requests, messages to us', 'Steps at your request before a contract (Art. 6(1)(b)); legitimate interest'],
            ['Sending the newsletter', 'Name and e-mail address', 'Your consent (Art. 6(1)(a)), which you can withdraw in every issue'],
            ['Resolving disputes and defending legal claims', 'Project data, messages, payment data', 'Legitimate interest (Art. 6(1)(f))'],
          ],
        },
        { type: 'p', text: 'We suggest experts for projects automatically, based on the services and subjects on their profiles. These suggestions have no legal or similarly significant effect: you decide whom to invite and hire.' },
      ],
    },
    {
      id: 'who-sees-it',
      heading: 'Who sees your data',
      blocks: [
        { type: 'p', text: 'Other members see what the marketplace needs them to see. Experts’ public profiles are visible to visitors unless the expert makes them private. Project details are visible only to logged-in members. Messages and Workspace files are visible only to the members of that conversation or project.' },
        { type: 'p', text: 'We use service providers who process personal data on our behalf, under contracts that bind them to our instructions and to confidentiality (Art. 28 GDPR):' },
        {
          type: 'ul',
          items: [
            'our hosting provider, which runs our servers and database in the European Union;',
            'our payment processor, which handles card and bank payments, escrow balances, refunds and payouts to experts, and checks identities and fraud as financial regulation requires;',
            'our e-mail delivery provider, which sends account, project and password-reset e-mails;',
            'our identity provider, which signs you in when you use a social or single sign-on login.',
          ],
        },
        { type: 'p', text: 'ORCID receives your request when you connect your ORCID record and acts as an independent controller under its own privacy policy. We also disclose data to professional advisers under confidentiality, and to authorities when the law requires it. We do not sell personal data and we do not share it for advertising.' },
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      blocks: [
        { type: 'p', text: 'Our database is hosted in the European Union. Some providers, and the members you work with, may be in other countries. When personal data leaves the European Economic Area, we rely on an adequacy decision (including the EU–US Data Privacy Framework for certified US recipients) or on the European Commission’s standard contractual clauses with additional safeguards where needed. Write to us for a copy of the relevant safeguards.' },
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        {
          type: 'table',
          caption: 'Retention periods',
          columns: ['Data', 'How long'],
          rows: [
            ['Account and profile data', 'While your account is open; deleted within 30 days after you close it'],
            ['Projects, proposals, messages and Workspace files', 'While your account is open, then 3 years after the project’s last milestone, to handle disputes and claims'],
            ['Payment records and invoices', 'As long as tax and accounting law requires, up to 10 years'],
            ['Concierge requests', '2 years after our last contact about the request'],
            ['Failed sign-in attempts', 'Forgotten one hour after the last failure'],
            ['Addresses you signed in from (to let you in during an attack on your account)', '30 days'],
            ['Server and security logs', '30 days, longer only when needed to investigate an incident'],
            ['Newsletter subscription', 'Until you unsubscribe'],
          ],
        },
        { type: 'p', text: 'Reviews you have written stay visible after you close your account, without your name.' },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        { type: 'p', text: 'Wherever you live, you can ask us to:' },
        {
          type: 'ul',
          items: [
            'tell you what personal data we hold about you and give you a copy (access);',
            'correct data that is wrong or incomplete (rectification);',
            'delete your data (erasure), unless we must keep it by law or to handle a claim;',
            'restrict our use of your data while a complaint is looked into;',
            'give you the data you provided in a machine-readable format, or send it to another service (portability);',
            'stop using your data on the basis of our legitimate interests (objection), and stop marketing at any time;',
            'withdraw a consent you gave, without affecting what we did before.',
          ],
        },
        { type: 'p', text: `To exercise a right, write to ${mail(CONTACT.privacy)} from the e-mail address of your account, or tell us how we can confirm it is you. We answer within one month, and tell you if we need up to two more months for a complex request. Exercising your rights is free.` },
        { type: 'p', text: 'If you live in the EEA or the UK and think we have not handled your data lawfully, you may complain to the data protection authority where you live or work, or to the Dutch Autoriteit Persoonsgegevens. We would appreciate the chance to put it right first.' },
      ],
    },
    {
      id: 'us-state-rights',
      heading: 'Your rights in the United States',
      blocks: [
        { type: 'p', text: 'If you live in California or another US state with a comprehensive privacy law, you have the right to know what personal information we collect, use and disclose; to delete it; to correct it; and to opt out of its sale or sharing for cross-context behavioural advertising. We do not sell or share personal information in that sense, and we do not use sensitive personal information to infer characteristics about you. We honour Global Privacy Control signals as an opt-out.' },
        { type: 'p', text: `The categories of personal information we collect are those in the table above: identifiers, professional information, commercial information, internet activity limited to sign-in and security records, and the content of your messages. We collect them for the purposes described in this policy and disclose them only to the service providers listed. You may use an authorised agent; we will ask the agent for your signed permission and may ask you to confirm your identity. We will not discriminate against you for exercising these rights. Write to ${mail(CONTACT.privacy)}.` },
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      blocks: [
        { type: 'p', text: 'Connections are encrypted; passwords are stored only as salted argon2id hashes; sign-in attempts are throttled; stored files can be reached only by the members who may see them; and access to production data is limited to the staff who need it, with every access logged. If a breach puts your rights at risk, we will tell you and the authority as the law requires.' },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [{ type: 'p', text: 'SciExperts is for adults acting in a professional capacity. You must be 18 or older to create an account, and we do not knowingly collect data from children.' }],
    },
    {
      id: 'cookies',
      heading: 'Cookies and local storage',
      blocks: [{ type: 'p', text: 'We store only what is strictly necessary to keep you signed in and the site secure, and we use no advertising or analytics trackers. The [Cookie Policy](/cookie-policy) lists every item.' }],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [{ type: 'p', text: 'When we change this policy we publish the new version here with a new version number and date. If the change matters for how we use your data, we tell members by e-mail at least 30 days before it takes effect.' }],
    },
  ],
  history: [{ version: '1.0', date: '2026-11-23', summary: 'First published version.' }],
};

export const termsOfService: LegalDocument = {
  id: 'terms',
  path: '/terms',
  aliases: ['/user-agreement'],
  title: 'User Agreement',
  description: `The terms for clients and experts on SciExperts: accounts, projects, escrowed milestone payments, the ${PLATFORM_FEE_PERCENT} % platform fee, ${AUTO_RELEASE_DAYS}-day automatic release, refunds, disputes and intellectual property.`,
  version: '1.0',
  effectiveDate: '2026-11-23',
  summary: `Clients and experts contract with each other; SciExperts runs the marketplace and holds milestone payments in escrow. Clients pay the agreed price plus a ${PLATFORM_FEE_PERCENT} % platform fee when they fund a milestone. A submitted milestone is released when the client approves it, or automatically after ${AUTO_RELEASE_DAYS} days. Funded milestones that have not been submitted are refunded in full on cancellation.`,
  sections: [
    {
      id: 'about',
      heading: '1. About this agreement',
      blocks: [
        { type: 'p', text: `This User Agreement is a contract between you and ${OPERATOR} (“SciExperts”, “we”). It applies when you use SciExperts as a client (who posts projects and hires experts), as an expert (who offers services), or both. By creating an account you accept it, together with our [Privacy Policy](/privacy-policy) and [Cookie Policy](/cookie-policy).` },
        { type: 'p', text: 'You must be at least 18 and able to enter into contracts. If you use SciExperts for an organisation, you confirm that you may bind it, and “you” includes that organisation.' },
      ],
    },
    {
      id: 'accounts',
      heading: '2. Your account',
      blocks: [
        {
          type: 'ul',
          items: [
            'Give accurate information and keep it up to date. Experts must describe their degrees, experience and publications truthfully; we check them, and misrepresentation is a reason to close the account.',
            'Keep one account per person. Keep your password secret, and tell us at once if you think someone else has used your account.',
            'If you sign in through an identity provider, its terms also apply to that sign-in.',
          ],
        },
      ],
    },
    {
      id: 'our-role',
      heading: '3. Our role',
      blocks: [
        { type: 'p', text: 'SciExperts is a marketplace. When a client accepts an expert’s proposal, the contract for the work is between the client and the expert. We are not a party to it, we do not employ experts, and we do not direct their work. Experts are independent professionals responsible for their own taxes, insurance and professional obligations.' },
        { type: 'p', text: 'We do run the tools the parties use, hold milestone payments in escrow through our payment processor, and decide on the release of escrowed money in a dispute, as described below.' },
      ],
    },
    {
      id: 'projects',
      heading: '4. Projects and proposals',
      blocks: [
        {
          type: 'ul',
          items: [
            'Clients describe the work, the budget and the deadline honestly, and share what the expert needs to do it.',
            'Experts quote only for work they are qualified to do, and say what they have assumed.',
            'A proposal accepted by the client, with its milestones, defines the work. Changes to scope, price or dates are agreed in the Workspace, where both parties can see them.',
            'Projects must be lawful and consistent with research integrity. We remove requests to fabricate or falsify data, to write coursework or theses that will be submitted as someone else’s own work, or to circumvent a regulator or an ethics committee.',
          ],
        },
      ],
    },
    {
      id: 'payments',
      heading: '5. Payments, escrow and fees',
      blocks: [
        { type: 'p', text: `Work is paid by milestone. Before an expert starts a milestone, the client funds it: the agreed price plus a platform fee of ${PLATFORM_FEE_PERCENT} % of that price. The money is held in escrow by our payment processor and is not paid to the expert until it is released under section 6. Experts receive the agreed price in full; there is no subscription for either side.` },
        { type: 'p', text: 'Prices are in US dollars unless the proposal says otherwise. Each party is responsible for its own taxes; we issue invoices for the platform fee and give experts the records they need for theirs. Payment card and bank details are handled by our payment processor, not stored by us.' },
      ],
    },
    {
      id: 'release',
      heading: '6. Approval and automatic release',
      blocks: [
        { type: 'p', text: `When the expert submits a milestone, the client has ${AUTO_RELEASE_DAYS} days to approve it, to ask for changes within the agreed scope, or to open a dispute. Approval releases the milestone price to the expert. If the client does none of these within ${AUTO_RELEASE_DAYS} days, the milestone is released automatically; we remind the client before that happens.` },
        { type: 'p', text: `A request for changes pauses the period; it starts again, for a full ${AUTO_RELEASE_DAYS} days, when the expert submits the revised work.` },
      ],
    },
    {
      id: 'refunds',
      heading: '7. Money-back guarantee and cancellations',
      blocks: [
        { type: 'p', text: 'Either party may cancel a milestone that has been funded but not yet submitted. The client then receives a full refund of that milestone, platform fee included, to the original payment method. This is our 100% money-back guarantee.' },
        { type: 'p', text: 'Once a milestone has been submitted, it can be refunded only by agreement between the parties or by a decision under section 8. Milestones already released are final, except where the law gives you a right to a refund.' },
      ],
    },
    {
      id: 'disputes',
      heading: '8. Disputes between clients and experts',
      blocks: [
        { type: 'p', text: `Most disagreements end with a conversation in the Workspace. If one does not, either party can open a dispute on a submitted milestone before it is released. Our resolution team reviews the proposal, the milestones, the messages and the files in the Workspace, may ask both parties for information, and decides within ${AUTO_RELEASE_DAYS} days whether the escrowed amount is released, refunded or split.` },
        { type: 'p', text: 'That decision governs the escrowed money only. It does not limit any right either party has to take the matter to court or to a consumer dispute body.' },
      ],
    },
    {
      id: 'off-platform',
      heading: '9. Staying on the platform',
      blocks: [{ type: 'p', text: 'For 12 months after a client and an expert first meet through SciExperts, they agree to contract and pay for work between them through SciExperts. Paying outside the platform removes the escrow, the money-back guarantee and dispute resolution; asking for it is a reason to suspend an account.' }],
    },
    {
      id: 'ip',
      heading: '10. Intellectual property and confidentiality',
      blocks: [
        { type: 'p', text: 'Unless the parties agree otherwise in writing, the rights in the work product of a milestone pass to the client when that milestone is paid. The expert keeps their pre-existing know-how, tools and materials, and grants the client a licence to use any of them included in the work product. Open-source components keep their own licences.' },
        { type: 'p', text: 'Each party keeps the other’s confidential information secret and uses it only for the project. Parties may sign their own NDA in the Workspace, which then applies in addition to this section.' },
      ],
    },
    {
      id: 'conduct',
      heading: '11. Acceptable use',
      blocks: [
        {
          type: 'ul',
          items: [
            'No harassment, discrimination or abusive messages.',
            'No scraping, automated account creation, probing of our security or attempts to reach data that is not yours.',
            'No content that infringes others’ rights, and no malware.',
            'Reviews must describe a real project honestly; reviews may not be bought, traded or made a condition of payment.',
          ],
        },
      ],
    },
    {
      id: 'suspension',
      heading: '12. Suspension and closing an account',
      blocks: [{ type: 'p', text: 'You can close your account at any time once your projects are finished or cancelled. We may suspend or close an account that breaks this agreement, after telling you why and, where possible, giving you the chance to respond. Escrowed money is then refunded or released under sections 6 to 8.' }],
    },
    {
      id: 'liability',
      heading: '13. Liability',
      blocks: [
        { type: 'p', text: 'We provide the marketplace with reasonable care and skill, but we do not guarantee the outcome of any project, and experts, not SciExperts, are responsible for the advice and work they provide. To the extent the law allows, our liability to you for any claim is limited to the platform fees you paid in the 12 months before the claim. Nothing in this agreement limits liability for fraud, for death or personal injury caused by negligence, or rights that consumer law gives you and that cannot be waived.' },
      ],
    },
    {
      id: 'law',
      heading: '14. Governing law',
      blocks: [{ type: 'p', text: 'This agreement is governed by the law of the Netherlands, and the courts of Amsterdam have jurisdiction. If you are a consumer, you also keep the protection of the mandatory law of the country where you live and may bring proceedings there.' }],
    },
    {
      id: 'changes',
      heading: '15. Changes and contact',
      blocks: [
        { type: 'p', text: 'We may change this agreement to reflect changes in the law or in our services. We announce material changes by e-mail at least 30 days before they take effect; if you do not accept them, you may close your account before then. Projects already accepted continue under the version in force when they were accepted.' },
        { type: 'p', text: `Questions about this agreement: ${mail(CONTACT.legal)}. Help with a project: ${mail(CONTACT.support)}.` },
      ],
    },
  ],
  history: [{ version: '1.0', date: '2026-11-23', summary: 'First published version.' }],
};

export const cookiePolicy: LegalDocument = {
  id: 'cookie-policy',
  path: '/cookie-policy',
  aliases: [],
  title: 'Cookie Policy',
  description: 'SciExperts uses no advertising or analytics cookies. This policy lists the strictly necessary browser storage that keeps you signed in and the site secure.',
  version: '1.0',
  effectiveDate: '2026-11-23',
  summary: 'We use no advertising, analytics or social-media cookies. We keep only what is strictly necessary for sign-in and security in your browser, so we do not ask for cookie consent. Clearing it signs you out.',
  sections: [
    {
      id: 'what-we-use',
      heading: 'What we store in your browser',
      blocks: [
        { type: 'p', text: 'Cookies and similar technologies such as local storage let a website remember something between pages. SciExperts stores the following items, all strictly necessary for a service you ask for, which the ePrivacy rules allow without consent:' },
        {
          type: 'table',
          caption: 'Items SciExperts stores in your browser',
          columns: ['Name', 'Type', 'Purpose', 'How long'],
          rows: [
            ['authToken', 'Local storage', 'Keeps you signed in between pages and tabs', 'Until you log out or your session ends'],
            ['userData', 'Local storage', 'Your name and profile basics, so pages can greet you without asking the server each time', 'Until you log out'],
            ['authMethod', 'Local storage', 'Whether you signed in with a password or an identity provider, so logging out ends the right session', 'Until you log out'],
            ['oidc.*', 'Session storage', 'Protects a sign-in through an identity provider against forgery (state and PKCE values) and holds that provider’s session', 'Until you close the tab'],
          ],
        },
      ],
    },
    {
      id: 'third-parties',
      heading: 'Cookies set by other services',
      blocks: [
        {
          type: 'ul',
          items: [
            'When you choose to sign in through our identity provider or LinkedIn, or connect your ORCID record, those services set their own cookies on their own sites, under their own policies.',
            'When you fund a milestone, our payment processor may set strictly necessary cookies in its payment form to prevent fraud.',
            'Links to the review site and other sites load nothing until you follow them.',
          ],
        },
      ],
    },
    {
      id: 'what-we-do-not-use',
      heading: 'What we do not use',
      blocks: [{ type: 'p', text: 'We do not use advertising cookies, tracking pixels, fingerprinting, third-party analytics or social-media widgets. If that ever changes, we will ask for your consent first and update this policy.' }],
    },
    {
      id: 'control',
      heading: 'How to control them',
      blocks: [{ type: 'p', text: 'Your browser’s settings let you see and delete cookies and site data. Deleting SciExperts’ data signs you out; blocking it prevents signing in, while the public pages keep working.' }],
    },
    {
      id: 'contact',
      heading: 'Changes and contact',
      blocks: [{ type: 'p', text: `We publish changes here with a new version number and date. Questions: ${mail(CONTACT.privacy)}. How we use personal data in general is described in the [Privacy Policy](/privacy-policy).` }],
    },
  ],
  history: [{ version: '1.0', date: '2026-11-23', summary: 'First published version.' }],
};

export const legalDocuments: LegalDocument[] = [privacyPolicy, termsOfService, cookiePolicy];

/** The document shown at `path` (its own path or an alias), ignoring a trailing slash. */
export function findLegalDocumentByPath(path: string): LegalDocument | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return legalDocuments.find((document) => document.path === normalised || document.aliases.includes(normalised));
}
