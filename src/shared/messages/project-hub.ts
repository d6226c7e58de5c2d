import { localized } from '../i18n/localized.js';
import * as sw from './sw/project-hub.js';

/**
 * User-facing strings of the Project Hub (issue 18 §4): the platform team's work board (projects,
 * tasks, comments) and the per-school onboarding checklist. Shared by the API (errors, audit
 * summaries, checklist labels) and the screens (labels of statuses, kinds and priorities).
 */

export const HUB_PROJECT_KIND_LABELS: Record<string, string> = localized('project-hub/HUB_PROJECT_KIND_LABELS', {
  onboarding: 'Onboarding',
  internal: 'Internal',
}, { sw: sw.HUB_PROJECT_KIND_LABELS });

export const HUB_PROJECT_STATUS_LABELS: Record<string, string> = localized('project-hub/HUB_PROJECT_STATUS_LABELS', {
  planned: 'Planned',
  active: 'Active',
  on_hold: 'On hold',
  done: 'Done',
}, { sw: sw.HUB_PROJECT_STATUS_LABELS });

export const HUB_TASK_STATUS_LABELS: Record<string, string> = localized('project-hub/HUB_TASK_STATUS_LABELS', {
  todo: 'To do',
  in_progress: 'In progress',
  blocked: 'Blocked',
  done: 'Done',
}, { sw: sw.HUB_TASK_STATUS_LABELS });

export const HUB_TASK_PRIORITY_LABELS: Record<string, string> = localized('project-hub/HUB_TASK_PRIORITY_LABELS', {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}, { sw: sw.HUB_TASK_PRIORITY_LABELS });

/** Labels of the default onboarding checklist, by key (order: ONBOARDING_TEMPLATE in contracts). */
export const ONBOARDING_ITEM_LABELS: Record<string, string> = localized('project-hub/ONBOARDING_ITEM_LABELS', {
  contract_signed: 'Contract signed',
  school_profile: 'School profile and logo',
  academic_year: 'Academic year and terms',
  streams_subjects: 'Streams and subjects',
  staff_accounts: 'Staff accounts created',
  learners_imported: 'Learners imported',
  fee_structures: 'Fee structures set up',
  mpesa_paybill: 'M-Pesa paybill connected',
  parents_invited: 'Parents invited',
  training_session: 'Training session held',
  go_live: 'Go-live',
}, { sw: sw.ONBOARDING_ITEM_LABELS });

export const projectHubMessages = localized('project-hub/projectHubMessages', {
  title: 'Project Hub',
  /** Name of a new onboarding project when none is given: "Onboarding: Greenhill Academy". */
  onboardingProjectName: (school: string) => `Onboarding: ${school}`,
  api: {
    projectNotFound: 'That project was not found.',
    taskNotFound: 'That task was not found.',
    schoolNotFound: 'That school was not found.',
    itemNotFound: 'That checklist item was not found.',
    nameRequired: 'Enter a project name.',
    nameTooLong: 'The project name is too long (at most 120 characters).',
    descriptionTooLong: 'The description is too long (at most 5,000 characters).',
    titleRequired: 'Enter a task title.',
    titleTooLong: 'The task title is too long (at most 200 characters).',
    commentRequired: 'Write a comment.',
    commentTooLong: 'The comment is too long (at most 5,000 characters).',
    noteTooLong: 'The note is too long (at most 1,000 characters).',
    kind: 'Choose onboarding or internal.',
    projectStatus: 'Choose planned, active, on hold or done.',
    taskStatus: 'Choose to do, in progress, blocked or done.',
    priority: 'Choose low, normal, high or urgent.',
    date: 'Enter a date as dd/mm/yyyy.',
    targetBeforeStart: 'The target date cannot be before the start date.',
    position: 'The position must be a whole number from 0.',
    onboardingNeedsSchool: 'Choose the school being onboarded.',
    unknownSchool: 'That school does not exist.',
    assigneeNotStaff: 'Tasks can only be assigned to active EduFam platform staff.',
    ownerNotStaff: 'The owner must be active EduFam platform staff.',
    nothingToChange: 'Nothing to change.',
    projectArchived: 'This project is archived; restore it before adding tasks.',
    assigneeFilter: 'Use "me", "unassigned" or a staff id.',
    taskStatusFilter: 'Choose to do, in progress, blocked, done or open.',
  },
  audit: {
    projectCreated: (name: string) => `Project "${name}" created`,
    projectUpdated: (name: string) => `Project "${name}" updated`,
    projectArchived: (name: string) => `Project "${name}" archived`,
    taskCreated: (title: string, project: string) => `Task "${title}" added to ${project}`,
    taskUpdated: (title: string) => `Task "${title}" updated`,
    taskDeleted: (title: string) => `Task "${title}" deleted`,
    onboardingItem: (label: string, done: boolean) => `Onboarding item "${label}" ${done ? 'ticked' : 'unticked'}`,
    onboardingNote: (label: string) => `Note on onboarding item "${label}" changed`,
  },
} as const, { sw: sw.projectHubMessages });
