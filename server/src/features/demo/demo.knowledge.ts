import { PROPERTY_PROVIDERS, propertySystemList } from '@helixis/contract';

/**
 * What the landing page's demo chat knows: short, factual answers about Helixis itself, chosen by
 * keyword overlap. No model is involved, so the same question always gets the same answer.
 */
export interface DemoTopic {
  id: string;
  /** Single words (matched whole) and phrases (matched as substrings), lower-case. */
  keywords: string[];
  /** Points per matched keyword; the catch-all overview counts half, so a specific topic wins. */
  weight?: number;
  answer: string;
  suggestions: [string, string];
}

export const demoTopics: DemoTopic[] = [
  {
    id: 'integrations',
    keywords: [
      ...PROPERTY_PROVIDERS,
      'integration',
      'integrations',
      'integrate',
      'connect',
      'connects',
      'pms',
      'property management system',
      'software',
      'gmail',
      'outlook',
      'microsoft',
      'google',
      'twilio',
      'sms',
      'sync',
    ],
    answer: `Helixis connects to ${propertySystemList('and')}, so your dashboard shows rentals (or associations), unpaid bills and open tasks straight from your property-management system. It also works with Gmail and Microsoft 365 for e-mail and calendars, and Twilio for text messages. You connect each one from the Connect page after signing up.`,
    suggestions: ['Will it reply to residents on its own?', 'What does the dashboard show?'],
  },
  {
    id: 'automations',
    keywords: [
      'automate',
      'automation',
      'automations',
      'approve',
      'approval',
      'own',
      'automatically',
      'autopilot',
      'reply',
      'replies',
      'respond',
      'send',
    ],
    answer:
      'Only what you approve. Helixis drafts replies and suggests actions, but every automation (inbox replies, SMS answers, call follow-ups, rescheduling) stays off until an owner or manager switches it on. Each one shows what it did today and over the last 7 days, and you can turn it off at any time.',
    suggestions: ['How does it learn about my business?', 'Who on my team can change it?'],
  },
  {
    id: 'knowledge',
    keywords: [
      'learn',
      'learns',
      'teach',
      'train',
      'training',
      'document',
      'documents',
      'upload',
      'pdf',
      'docx',
      'lease',
      'leases',
      'policy',
      'policies',
      'website',
      'knowledge',
      'files',
    ],
    answer:
      'You teach Helixis in three ways: describe your business in a short chat, upload documents (.pdf, .doc, .docx, .txt and .md) such as leases, house rules and vendor lists, or point it at your website. It cites the document behind each answer and shows a confidence score of how well it knows your business, from "I barely know anything about your business." to "I\'m ready to work with you."',
    suggestions: ['What happens when it is not sure?', 'Is my data kept private?'],
  },
  {
    id: 'accuracy',
    keywords: [
      'unsure',
      'sure',
      'wrong',
      'mistake',
      'mistakes',
      'accurate',
      'accuracy',
      'guess',
      'hallucinate',
      'questions',
      'question',
      'confidence',
      'know',
    ],
    answer:
      "Helixis asks before it answers. A new assistant starts with clarifying questions rather than assumptions, and when it is unsure about a resident's or owner's question it creates a task for a person on your team. Once someone answers, it remembers the answer for next time.",
    suggestions: ['How do tasks work?', 'How does it learn about my business?'],
  },
  {
    id: 'tasks',
    keywords: [
      'task',
      'tasks',
      'follow',
      'followup',
      'schedule',
      'scheduling',
      'calendar',
      'maintenance',
      'repair',
      'work order',
      'showing',
      'showings',
      'inspection',
      'vendor',
      'reschedule',
    ],
    answer:
      'Every question Helixis cannot answer becomes a task with an owner on your team. Employees see their assigned tasks plus everything still pending. With a calendar connected, it suggests showing, inspection and vendor times around what is already booked, and offers new times when someone cancels.',
    suggestions: ['Who on my team can change it?', 'Which systems does it connect to?'],
  },
  {
    id: 'team',
    keywords: [
      'team',
      'employee',
      'employees',
      'staff',
      'manager',
      'managers',
      'owner',
      'owners',
      'role',
      'roles',
      'permission',
      'permissions',
      'access',
      'users',
      'colleagues',
    ],
    answer:
      'Each workspace has three roles. Owners and managers configure the assistant, manage documents, view the activity log and approve automations. Employees chat with the assistant and work on the tasks it creates, without access to the manager pages.',
    suggestions: ['Will it reply to residents on its own?', 'Is my data kept private?'],
  },
  {
    id: 'privacy',
    keywords: [
      'secure',
      'security',
      'privacy',
      'private',
      'data',
      'encrypted',
      'encryption',
      'safe',
      'gdpr',
      'password',
      'passwords',
      'credentials',
    ],
    answer:
      "Each workspace is kept apart from every other one, down to the database rows. Credentials for connected systems are stored encrypted and never shown again, and the assistant answers only from your own workspace's information. In this demo nothing you type is saved to an account.",
    suggestions: ['How do I get started?', 'Which systems does it connect to?'],
  },
  {
    id: 'dashboard',
    keywords: [
      'dashboard',
      'kpi',
      'kpis',
      'rentals',
      'rent',
      'bills',
      'unpaid',
      'associations',
      'report',
      'reports',
      'numbers',
      'figures',
    ],
    answer:
      'The dashboard shows key figures from your property-management system: rentals (or associations for HOA managers), unpaid bills and open tasks, next to your active automations and quick actions such as uploading documents or inviting your team.',
    suggestions: ['Which systems does it connect to?', 'How do tasks work?'],
  },
  {
    id: 'getting-started',
    keywords: [
      'start',
      'started',
      'setup',
      'set up',
      'sign up',
      'signup',
      'account',
      'onboarding',
      'begin',
      'how long',
      'minutes',
      'try',
      'trial',
      'price',
      'pricing',
      'cost',
    ],
    answer:
      'Sign up with your e-mail and Helixis creates your workspace and a default assistant right away. Onboarding then walks you through describing your business, connecting your property-management system and reviewing the summary it writes. Most teams finish the first pass in a few minutes.',
    suggestions: ['How does it learn about my business?', 'Which systems does it connect to?'],
  },
  {
    id: 'overview',
    weight: 0.5,
    keywords: [
      'helixis',
      'what',
      'who',
      'about',
      'do',
      'does',
      'assistant',
      'hello',
      'hi',
      'hey',
      'help',
      'property',
      'properties',
      'residents',
      'tenants',
    ],
    answer:
      'Helixis is an AI assistant for property managers and their teams. It learns your portfolio from your leases, policies and property-management data, answers residents and owners in your tone, turns open questions into tasks for your staff, and runs only the automations you approve.',
    suggestions: ['Which systems does it connect to?', 'Will it reply to residents on its own?'],
  },
];

/** Used when no topic matches a single keyword. */
export const fallbackTopic: DemoTopic = {
  id: 'fallback',
  keywords: [],
  answer:
    'That one is outside what this demo knows. The demo answers questions about Helixis itself: what it does for property managers, the systems it connects to, how it learns, how automations are approved, and how your team works with it. Once you sign up, your own assistant answers from your documents instead.',
  suggestions: ['What does Helixis do?', 'Which systems does it connect to?'],
};
