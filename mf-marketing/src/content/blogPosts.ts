// The full blog posts behind the teasers of ./blog (same ids; the teaser's title, date and excerpt are the
// post's title, date and standfirst). Kept apart from the teasers so the home page does not carry the bodies.
import { blogItems, type BlogItem } from './blog';
import { readingMinutes, type DocSection } from './richText';

export interface BlogAuthor {
  name: string;
  role: string;
}

export interface BlogPostBody {
  id: string;
  author: BlogAuthor;
  /** Meta description of the post page. */
  description: string;
  sections: DocSection[];
}

export interface BlogPost extends BlogItem, BlogPostBody {
  readingMinutes: number;
}

const bodies: BlogPostBody[] = [
  {
    id: 'choose-consultant',
    author: { name: 'Hannah Fischer', role: 'Regulatory affairs consultant on SciExperts' },
    description: 'Credentials, publications and a clear scope: a practical checklist for hiring a freelance scientific consultant, from a consultant who has been hired a hundred times.',
    sections: [
      {
        id: 'start-with-the-decision',
        heading: 'Start with the decision, not the CV',
        blocks: [
          { type: 'p', text: 'Most disappointing consulting projects fail before anyone is hired: the client knows they need “a regulatory person” or “a statistician” but not which decision the work should support. Before you search, write one sentence that ends with a decision. “We need to know whether our device is class IIa or IIb before we budget the clinical investigation” is a brief an expert can work with. “We need regulatory help” is not.' },
          { type: 'p', text: 'That sentence tells you which expertise matters, what the deliverable is, and when the work is done. It is also the first line of your project description.' },
        ],
      },
      {
        id: 'check-credentials',
        heading: 'Check the credentials that matter for your question',
        blocks: [
          { type: 'p', text: 'A doctorate shows that someone can do research. It does not show that they have done your kind of work. Look for evidence closer to your question:' },
          {
            type: 'ul',
            items: [
              'Work experience in the setting you care about: a notified body, a contract research organisation, an industrial R&D team or a university core facility.',
              'Publications or reports on your method or product type, listed on their profile or ORCID record.',
              'Certifications where they exist, such as a regulatory affairs certificate or a statistics accreditation.',
              'Reviews from earlier clients on similar projects, and how the expert responded to critical ones.',
            ],
          },
          { type: 'p', text: 'On SciExperts we check degrees and professional experience before an expert can send quotes, but only you can judge how close their experience is to your problem. A twenty-minute call usually settles it.' },
        ],
      },
      {
        id: 'read-their-work',
        heading: 'Read something they wrote',
        blocks: [
          { type: 'p', text: 'Ask for a sample: a redacted report, a published paper, a conference talk. You are looking for two things. First, whether they explain their reasoning or only state conclusions; a consultant whose advice you cannot follow is a consultant whose advice you cannot defend. Second, whether they are honest about uncertainty. Good experts say “the data do not support this yet” more often than you would like.' },
        ],
      },
      {
        id: 'scope-it',
        heading: 'Write a scope an expert can price',
        blocks: [
          { type: 'p', text: 'Vague scopes produce vague quotes, and vague quotes produce arguments. A good scope lists the questions, the inputs you will provide, the deliverables and their format, and the deadline. It also says what is out of scope. If you do not know enough to write it, pay for a short scoping milestone first: an expert who reads your documents for a day will write a better scope than either of you would alone.' },
          { type: 'p', text: 'Then compare quotes on the same scope. The cheapest quote often assumes less work than you need; the most expensive sometimes includes work you did not ask for. Ask each expert what they assumed.' },
        ],
      },
      {
        id: 'start-small',
        heading: 'Start with a small, paid first milestone',
        blocks: [
          { type: 'p', text: 'Split the work so that the first milestone is small and useful on its own: a gap analysis, an analysis plan, an outline. You learn how the expert works for a fraction of the budget, and they learn how you work. On SciExperts every milestone is funded into escrow before work starts and released only when you approve it, so neither side is taking a risk on trust alone.' },
        ],
      },
      {
        id: 'red-flags',
        heading: 'Red flags',
        blocks: [
          {
            type: 'ul',
            items: [
              'Promises about outcomes nobody controls: guaranteed approval, guaranteed publication, guaranteed significance.',
              'Reluctance to sign an NDA or to declare conflicts of interest.',
              'A quote without questions. An expert who has not asked anything has not understood your problem yet.',
              'Requests to pay outside the platform, which also removes your money-back protection.',
            ],
          },
          { type: 'p', text: 'If you want a second opinion on a shortlist, our [concierge service](/concierge) will read the proposals with you. And if you are ready, [post your project](/create-project); it takes under five minutes.' },
        ],
      },
    ],
  },
  {
    id: 'trends-freelance-science',
    author: { name: 'Jonas Becker', role: 'Science journalist and editor on SciExperts' },
    description: 'Why more scientists work independently, what that changes for the companies that hire them, and what to expect next in freelance research.',
    sections: [
      {
        id: 'who-goes-independent',
        heading: 'Who goes independent, and why',
        blocks: [
          { type: 'p', text: 'The freelance scientist used to be a retired professor who took the occasional consulting call. Today the experts on SciExperts include postdocs between contracts, statisticians who left large contract research organisations, medical writers who prefer three clients to one manager, and senior industry scientists who want to choose their projects. They work from more than 170 countries.' },
          { type: 'p', text: 'The reasons they give us are consistent: control over which problems they work on, flexibility around family or a second career, and the chance to use a rare specialism across many organisations instead of waiting for it to be needed in one.' },
        ],
      },
      {
        id: 'what-changed',
        heading: 'What made it practical',
        blocks: [
          { type: 'p', text: 'Three things changed. Remote collaboration became normal, so nobody needs to be on site to review a protocol or run an analysis. Research tools moved to the cloud and to open source, so an independent statistician has the same software as a company team. And marketplaces solved the two problems that used to kill freelance deals: finding each other, and trusting each other with money.' },
          { type: 'p', text: 'Trust is the harder one. Escrowed milestone payments mean the client knows the money is released only for approved work, and the expert knows the money exists before they start. That simple mechanism does more for freelance science than any amount of networking.' },
        ],
      },
      {
        id: 'what-companies-gain',
        heading: 'What companies gain',
        blocks: [
          {
            type: 'ul',
            items: [
              'Depth on demand: a pharmacokineticist for three weeks, not a generalist for three years.',
              'Speed: a matched expert within a day instead of a hiring process measured in months.',
              'Variable cost: work is bought by milestone, so budgets follow the project rather than the headcount plan.',
              'Outside eyes: an independent expert has no stake in the internal history of a project.',
            ],
          },
        ],
      },
      {
        id: 'what-it-asks',
        heading: 'What it asks of managers',
        blocks: [
          { type: 'p', text: 'Working with freelancers is a skill. The teams that get the most from it write clear scopes, share data early, give feedback on each milestone within days rather than weeks, and treat the expert as a colleague with a deadline, not as a vendor with a ticket. They also plan the hand-over: documented code, source files and a short final call, so that knowledge stays when the expert moves on.' },
        ],
      },
      {
        id: 'what-next',
        heading: 'What comes next',
        blocks: [
          { type: 'p', text: 'We expect two developments. Regulated work will move further into the freelance market as more experts carry the formal qualifications that authorities ask for, such as the evaluator requirements of the EU Medical Device Regulation. And institutions, not only companies, will buy research capacity this way; we look at that in [Research institutions go on demand](/blog/institutions-on-demand).' },
          { type: 'p', text: 'If you are a scientist thinking about it, [joining as an expert](/join-expert) is free. If you are hiring, read [how to choose the right scientific consultant](/blog/choose-consultant) first.' },
        ],
      },
    ],
  },
  {
    id: 'institutions-on-demand',
    author: { name: 'Anja Keller', role: 'Research Director, Helix Institute' },
    description: 'How universities and research institutes use on-demand experts for literature reviews, statistics and grant writing without long hiring cycles, and what to watch out for.',
    sections: [
      {
        id: 'the-gap',
        heading: 'The gap every institute knows',
        blocks: [
          { type: 'p', text: 'Research institutes are built around permanent groups and fixed-term projects. Neither is good at the short, specialised task: the systematic review a grant needs by March, the statistician for a study whose analyst just left, the regulatory advice a spin-out needs before its first investor meeting. Advertising a position takes months; borrowing a colleague from another group takes goodwill that runs out.' },
          { type: 'p', text: 'At Helix Institute we started using on-demand experts for literature reviews two years ago. Today it is how we handle most specialised work that lasts less than six months.' },
        ],
      },
      {
        id: 'what-we-buy',
        heading: 'What we buy this way',
        blocks: [
          {
            type: 'ul',
            items: [
              'Literature searches and systematic reviews for grant applications and guidelines.',
              'Statistical analysis plans and analyses for investigator-initiated studies.',
              'Grant writing support for large consortium bids, especially the impact and management sections.',
              'Regulatory and intellectual-property advice for spin-outs before they raise money.',
              'Scientific editing for early-career researchers publishing in English.',
            ],
          },
        ],
      },
      {
        id: 'procurement',
        heading: 'Making it work with procurement',
        blocks: [
          { type: 'p', text: 'The first objection came from our finance office, not from our scientists. Public institutions have procurement rules, and paying an individual in another country is not simple. Two things helped. A marketplace is one supplier with one contract and one invoice format, whichever expert does the work. And milestone payments held in escrow gave finance what they wanted most: no payment for work that had not been delivered and approved.' },
          { type: 'p', text: 'We agreed internal thresholds with procurement: below a set amount per project, a group leader can post and approve work directly; above it, the usual comparison of quotes applies, which the platform’s proposals make easy to document.' },
        ],
      },
      {
        id: 'quality',
        heading: 'Keeping the quality',
        blocks: [
          { type: 'p', text: 'On-demand does not mean unsupervised. Every project has an internal owner who writes the scope, answers questions within two working days and reviews each milestone. For reviews and analyses we ask for the protocol or analysis plan as the first milestone, so the method is agreed before any results exist. And we keep everything in the project Workspace, so that the next person can see what was decided and why.' },
        ],
      },
      {
        id: 'what-we-learned',
        heading: 'What we learned',
        blocks: [
          { type: 'p', text: 'On-demand experts do not replace permanent staff; they protect them. Our postdocs spend less time on tasks outside their expertise, and our groups can say yes to collaborations that would otherwise stall for lack of one skill. The cost per task is often higher than an internal day rate, but the total cost is lower because we pay only for the task, and it is done when we need it.' },
          { type: 'p', text: 'If your institution wants to try it, start with one well-defined review or analysis. Our [concierge team](/concierge) can help you write the first brief, and the [success stories](/story-3) show what similar projects cost.' },
        ],
      },
    ],
  },
];

export const blogPosts: BlogPost[] = blogItems.map((item) => {
  const body = bodies.find((candidate) => candidate.id === item.id);
  if (!body) throw new Error(`The blog teaser ${item.id} has no post.`);
  return { ...item, ...body, readingMinutes: readingMinutes(body.sections) };
});

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.id === slug);
}

/** The path of a post: /blog/{id} (the teaser's link). */
export function blogPostPath(id: string): string {
  return `/blog/${id}`;
}
