/**
 * Everything the marketing site says (spec §1, §2 Other screens, §3 "Marketing content is static"):
 * features, testimonials, statistics, pricing, contact details and the promo video's narration, in one
 * file. The people and schools quoted are illustrative, not customers.
 */
import type { LandingView } from '@shared/landing';

export const brand = {
  name: 'EduFam',
  tagline: 'School Management',
};

/** Navigation labels, in header order. */
export const nav: { view: LandingView; label: string }[] = [
  { view: 'home', label: 'Home' },
  { view: 'features', label: 'Features' },
  { view: 'about', label: 'About' },
  { view: 'pricing', label: 'Pricing' },
  { view: 'contact', label: 'Contact' },
];

/** Document titles per view. */
export const titles: Record<LandingView, string> = {
  home: 'EduFam — School management for Kenyan schools',
  features: 'Features — EduFam',
  about: 'About — EduFam',
  pricing: 'Pricing — EduFam',
  contact: 'Contact — EduFam',
};

export const signIn = 'Sign In';

export const trial = {
  headline: '30-day free trial',
  detail: 'No credit card required',
};

/** Spec §1 claims, word for word. */
export const stats: { value: string; label: string }[] = [
  { value: '10+', label: 'Schools' },
  { value: '1K+', label: 'Students' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
];

export const satisfaction = { value: '98%', label: 'Satisfaction' };
export const rating = { value: '4.9/5', label: 'Rating' };

export const hero = {
  eyebrow: 'Built for CBC and IGCSE schools in Kenya',
  title: 'Run your whole school from one place',
  lead: 'Learners, grades, attendance, timetables, M-Pesa fees, payroll and parents — EduFam brings every part of school life into one secure platform your staff and families will actually enjoy using.',
  primary: 'Start free trial',
  secondary: 'Watch the demo',
};

export type FeatureIcon =
  | 'graduation'
  | 'clipboard'
  | 'calendar'
  | 'wallet'
  | 'users'
  | 'message'
  | 'chart'
  | 'award'
  | 'bus'
  | 'shield';

export interface Feature {
  id: string;
  icon: FeatureIcon;
  title: string;
  summary: string;
  points: string[];
}

/** The modules of spec §1, as the features carousel and the Features view show them. */
export const features: Feature[] = [
  {
    id: 'academics',
    icon: 'graduation',
    title: 'CBC & IGCSE academics',
    summary: 'Learning areas, strands and rubrics for CBC; subjects and grades for IGCSE — assessed the way your curriculum expects.',
    points: ['CBC rubric levels (EE, ME, AE, BE) per strand', 'IGCSE grades A* to G with coursework', 'Report cards generated at the end of every term'],
  },
  {
    id: 'attendance',
    icon: 'clipboard',
    title: 'Attendance in seconds',
    summary: 'Class teachers mark the register from a phone; principals and parents see it the moment it is saved.',
    points: ['Daily and per-lesson registers', 'Absence alerts to parents', 'Term attendance trends per stream'],
  },
  {
    id: 'fees',
    icon: 'wallet',
    title: 'Fees with M-Pesa',
    summary: 'Fee structures, invoices and receipts, with payments to your paybill matched to the right learner automatically.',
    points: ['M-Pesa paybill and STK push', 'Automatic receipts and balances', 'Arrears reports for the bursar'],
  },
  {
    id: 'timetable',
    icon: 'calendar',
    title: 'Timetables without clashes',
    summary: 'Build the school timetable once; every teacher, stream and parent sees their own week.',
    points: ['Clash-free lesson allocation', 'Teacher and room views', 'Changes reach everyone at once'],
  },
  {
    id: 'parents',
    icon: 'message',
    title: 'Parents in the loop',
    summary: 'Announcements, messages and progress reports reach families directly — no more lost letters in school bags.',
    points: ['Announcements by class or role', 'Two-way messages with teachers', 'Fee statements and results online'],
  },
  {
    id: 'hr',
    icon: 'users',
    title: 'Staff, HR and payroll',
    summary: 'Staff records, leave and payroll with PAYE, NSSF, SHIF and the housing levy calculated for you.',
    points: ['Payslips every month', 'Statutory deductions kept current', 'Staff attendance monitoring'],
  },
  {
    id: 'analytics',
    icon: 'chart',
    title: 'Analytics for leaders',
    summary: 'Directors and principals see enrolment, performance and collections at a glance, across terms and streams.',
    points: ['Performance by learning area', 'Fee collection against targets', 'Exportable reports'],
  },
  {
    id: 'certificates',
    icon: 'award',
    title: 'Certificates you can verify',
    summary: 'Issue leaving and achievement certificates that anyone can verify online with a single link.',
    points: ['Branded certificate templates', 'Public verification page', 'Tamper-evident records'],
  },
  {
    id: 'transport',
    icon: 'bus',
    title: 'Transport and inventory',
    summary: 'Routes, vehicles and the school store, managed alongside everything else.',
    points: ['Routes and pick-up points', 'Transport fees on the invoice', 'Stock levels and issues'],
  },
  {
    id: 'security',
    icon: 'shield',
    title: 'Secure by design',
    summary: "Every school's data is kept apart, every action is audited, and every role sees only what it should.",
    points: ['Role-based access for 8 roles', 'Full audit trail', 'Daily backups'],
  },
];

/** How many features the home view's carousel cycles through (the first ones). */
export const CAROUSEL_FEATURES = 6;
/** Spec §2: the features carousel rotates every 5 seconds. */
export const CAROUSEL_INTERVAL_MS = 5_000;

export const carousel = {
  title: 'Everything a Kenyan school runs on',
  lead: 'One platform for the classroom, the bursar’s office and the staffroom.',
  previous: 'Previous feature',
  next: 'Next feature',
  pause: 'Pause rotation',
  play: 'Resume rotation',
  goTo: (n: number, title: string) => `Show feature ${n}: ${title}`,
  position: (n: number, total: number) => `Feature ${n} of ${total}`,
};

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  school: string;
}

export const testimonials: Testimonial[] = [
  {
    quote: 'Fee reconciliation used to take our bursar a week every month. With M-Pesa payments matched automatically, it now takes an afternoon.',
    name: 'Grace Wanjiru',
    role: 'Principal',
    school: 'a mixed day school in Kiambu',
  },
  {
    quote: 'Our teachers took to CBC assessment on EduFam within a week. Parents finally see rubric levels and comments, not just a number.',
    name: 'David Otieno',
    role: 'Director of Studies',
    school: 'a CBC primary and junior school in Kisumu',
  },
  {
    quote: 'We run IGCSE and CBC streams side by side. Having both curricula, timetables and payroll in one system changed how we work.',
    name: 'Fatuma Hassan',
    role: 'School Director',
    school: 'an international school in Mombasa',
  },
];

export const testimonialsSection = {
  title: 'Loved by school leaders',
  lead: 'Directors, principals and bursars across Kenya run their schools on EduFam.',
};

export const cta = {
  title: 'Ready to see EduFam in your school?',
  lead: 'Start a 30-day free trial — no credit card required — or book a guided demo with our team.',
  primary: 'Start free trial',
  secondary: 'Book a demo',
};

export const about = {
  eyebrow: 'About EduFam',
  title: 'Made in Kenya, for Kenyan schools',
  lead: 'EduFam started with a simple observation: Kenyan schools were running on paper registers, spreadsheets and a dozen disconnected apps, while parents waited for end-of-term reports to learn how their children were doing.',
  story: [
    'We built EduFam with principals, teachers, bursars and parents to fit the way Kenyan schools actually work — the CBC and IGCSE curricula, M-Pesa fee payments, Ministry term dates and statutory payroll.',
    'Today EduFam supports schools from Pre-Primary to Grade 9 and Years 7 to 11, with every school’s data kept private and secure.',
  ],
  valuesTitle: 'What we stand for',
  values: [
    { title: 'Children first', text: 'Learners’ records are handled with the care they deserve: private, accurate and never lost.' },
    { title: 'Honest money', text: 'Parents’ payments are receipted and reconciled to the shilling, every time.' },
    { title: 'Built to be used', text: 'Fast on a phone over mobile data, clear for first-time users, in the words schools use.' },
  ],
};

export const pricing = {
  eyebrow: 'Pricing',
  title: 'Priced for your school',
  lead: 'Every school is different, so we price by custom quote — based on your number of learners and the modules you need.',
  planName: 'EduFam for your school',
  price: 'Custom quote',
  priceNote: 'Tailored to your enrolment and modules',
  included: [
    'All modules: academics, attendance, fees, HR and more',
    'Unlimited staff and parent accounts',
    'M-Pesa paybill integration',
    'Onboarding and data migration',
    '24/7 support',
    '99.9% uptime',
  ],
  primary: 'Request a quote',
  secondary: 'Book a demo',
  trialNote: 'Start with a 30-day free trial. No credit card required.',
  faqTitle: 'Questions schools ask',
  faqs: [
    { q: 'How long is the free trial?', a: '30 days, with every module switched on. No credit card required.' },
    { q: 'How is the price worked out?', a: 'We send a custom quote based on your number of learners and the modules you choose. There are no hidden fees.' },
    { q: 'Can you move our existing records?', a: 'Yes. Our team helps you import learners, staff and fee balances from spreadsheets or your current system.' },
    { q: 'Do parents pay to use EduFam?', a: 'No. Parent accounts are included for every family in your school.' },
  ],
};

export const contact = {
  eyebrow: 'Contact',
  title: 'Talk to the EduFam team',
  lead: 'Tell us about your school and we will get back to you within 24 hours.',
  officeHoursLabel: 'Office hours',
  officeHours: 'Mon-Fri 8AM-6PM EAT',
  salesLabel: 'Sales',
  demoLabel: 'Book a demo',
  demoText: 'Pick a time for a guided walkthrough.',
  supportLabel: 'Support',
  supportText: '24/7 for schools on EduFam',
  location: 'Nairobi, Kenya',
  form: {
    title: 'Send us a message',
    name: 'Name',
    email: 'Email',
    school: 'School',
    phone: 'Phone',
    message: 'Message',
    optional: 'optional',
    namePlaceholder: 'Your full name',
    emailPlaceholder: 'you@school.ac.ke',
    schoolPlaceholder: 'Your school’s name',
    phonePlaceholder: '0712 345 678',
    messagePlaceholder: 'How can we help?',
    submit: 'Send Message',
    nameRequired: 'Please enter your name.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    messageRequired: 'Please enter a message.',
    /** Spec §2 Other screens, word for word; shown for 3 seconds. */
    sent: "Message Sent! We'll get back to you within 24 hours.",
  },
};

/** Spec §2: the success message shows for 3 seconds. */
export const CONTACT_SENT_MS = 3_000;

export const footer = {
  blurb: 'The school management platform for Kenyan CBC and IGCSE schools.',
  product: 'Product',
  company: 'Company',
  getStarted: 'Get started',
  rights: (year: number) => `© ${year} EduFam. All rights reserved.`,
};

export const theme = {
  toLight: 'Switch to light theme',
  toDark: 'Switch to dark theme',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  skip: 'Skip to content',
};

/** Configured links (spec §1), filled in by the server; defaults for the dev server. */
export interface Links {
  demoBookingUrl: string;
  salesEmail: string;
}

const DEFAULT_LINKS: Links = { demoBookingUrl: 'https://calendly.com/edufam/demo', salesEmail: 'sales@edufam.africa' };

/** Reads the links the server put in landing.html (script#edufam-links); unreplaced placeholders fall back. */
export function readLinks(doc: Document = document): Links {
  try {
    const raw = JSON.parse(doc.getElementById('edufam-links')?.textContent ?? '{}') as Partial<Links>;
    return {
      demoBookingUrl: raw.demoBookingUrl && !raw.demoBookingUrl.startsWith('%') ? raw.demoBookingUrl : DEFAULT_LINKS.demoBookingUrl,
      salesEmail: raw.salesEmail && !raw.salesEmail.startsWith('%') ? raw.salesEmail : DEFAULT_LINKS.salesEmail,
    };
  } catch {
    return DEFAULT_LINKS;
  }
}

/** The sales mail link (spec §1). */
export function salesMailto(links: Links): string {
  return `mailto:${links.salesEmail}?subject=${encodeURIComponent('EduFam quote request')}`;
}
