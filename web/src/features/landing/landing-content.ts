import { propertySystemList } from '@helixis/contract';
import {
  BookOpen,
  CalendarCheck,
  CircleHelp,
  FileText,
  type LucideIcon,
  MessagesSquare,
  ShieldCheck,
} from 'lucide-react';

export interface Differentiator {
  icon: LucideIcon;
  title: string;
  text: string;
}

export interface FeatureBlock {
  id: string;
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  text: string;
  points: string[];
  example: { question: string; answer: string };
}

export const differentiators: Differentiator[] = [
  {
    icon: CircleHelp,
    title: 'Asks before it acts',
    text: 'Helixis starts with clarifying questions instead of guesses. When it is unsure, it hands the question to a person on your team and remembers the answer for next time.',
  },
  {
    icon: BookOpen,
    title: 'Grounded in your own paperwork',
    text: 'Answers come from your lease templates, house rules and owner agreements, with the source named, so anyone on the team can check a reply before it goes out.',
  },
  {
    icon: ShieldCheck,
    title: 'You approve every automation',
    text: 'Nothing runs on its own until an owner or manager switches it on, and each automation shows what it did today and over the last seven days.',
  },
];

export const featureBlocks: FeatureBlock[] = [
  {
    id: 'customer-service',
    icon: MessagesSquare,
    eyebrow: 'Customer service automation',
    title: 'Answer residents and owners without the backlog',
    text: 'Rent questions, parking rules and maintenance requests arrive at all hours. Helixis drafts replies in your tone and routes what needs a human.',
    points: [
      'Drafts replies to resident e-mails and texts for your approval',
      'Collects unit, urgency and access details on maintenance requests',
      'Hands off to a person when a question needs judgement',
    ],
    example: {
      question: 'Can I pay June rent by card?',
      answer:
        'We accept ACH and checks for rent. Card payments are not set up for your building yet. I have asked your manager whether that can change.',
    },
  },
  {
    id: 'knowledge-base',
    icon: BookOpen,
    eyebrow: 'Team knowledge base',
    title: 'Everything your team knows, in one place',
    text: 'Upload leases, procedures and vendor lists once. New staff ask in plain language and get the passage that answers it, instead of interrupting your senior manager.',
    points: [
      'Reads .pdf, .doc, .docx, .txt and .md files',
      'Cites the document behind every answer',
      'Learns from the answers your team gives it',
    ],
    example: {
      question: 'Who do we call for a boiler outage at Maple Court?',
      answer: 'Use Harbor Mechanical, 24-hour line. Source: Vendor list, section "Heating".',
    },
  },
  {
    id: 'tasks-scheduling',
    icon: CalendarCheck,
    eyebrow: 'Task management and scheduling',
    title: "Follow-ups that don't slip",
    text: 'Every question the assistant cannot answer becomes a task with an owner. Showings, inspections and vendor visits are planned around what is already booked.',
    points: [
      'Turns open questions into tasks assigned to a teammate',
      'Suggests showing and inspection times that fit the calendar',
      'Offers new times when a vendor or resident cancels',
    ],
    example: {
      question: 'The plumber cancelled Thursday at unit 4B.',
      answer: 'Friday 9:00 or Monday 13:00 are open for both. Shall I offer those to the resident?',
    },
  },
  {
    id: 'document-processing',
    icon: FileText,
    eyebrow: 'Document processing',
    title: 'Read the paperwork so nobody retypes it',
    text: 'Helixis pulls the facts out of leases, notices and applications and keeps each one linked to the page it came from.',
    points: [
      'Extracts dates, rent amounts and parties from leases',
      'Flags terms that contradict each other across documents',
      'Keeps every extracted fact traceable to its source',
    ],
    example: {
      question: 'When does the lease for 12 Birch Lane end?',
      answer: 'August 31, 2025, with a 60-day notice period. Source: Lease 12 Birch Lane, page 2.',
    },
  },
];

export const faqs: { question: string; answer: string }[] = [
  {
    question: 'Which property-management systems does Helixis work with?',
    answer: `Helixis is built to connect to ${propertySystemList('and')}, and to Gmail and Microsoft 365 for e-mail and calendars. Once your system is connected, the dashboard shows your rentals, unpaid bills and open tasks.`,
  },
  {
    question: 'Will the assistant reply to residents on its own?',
    answer:
      'Only if you allow it. By default Helixis drafts and suggests; an owner or manager approves each automation before it runs and can switch it off at any time.',
  },
  {
    question: 'How does Helixis learn about my business?',
    answer:
      'Describe your business in a short conversation, upload your documents or connect your tools. Helixis asks follow-up questions about anything unclear and shows how complete its picture of your business is.',
  },
  {
    question: 'Who on my team can change the assistant?',
    answer:
      'Owners and managers configure the assistant, manage documents and approve automations. Employees chat with the assistant and work the tasks it creates.',
  },
  {
    question: 'Is my data kept private?',
    answer:
      "Each workspace is kept separate from every other, credentials for connected systems are stored encrypted, and the assistant answers only from your own workspace's information.",
  },
];
