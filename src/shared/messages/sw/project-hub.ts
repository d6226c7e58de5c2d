/**
 * Kiswahili of ../project-hub.ts: the platform team's Project Hub and the onboarding checklist.
 * `localized` in ../project-hub.ts checks each table against the English one.
 */
export const HUB_PROJECT_KIND_LABELS = {
  onboarding: 'Kuunganisha shule',
  internal: 'Wa ndani',
};

export const HUB_PROJECT_STATUS_LABELS = {
  planned: 'Umepangwa',
  active: 'Unaendelea',
  on_hold: 'Umesitishwa',
  done: 'Umekamilika',
};

export const HUB_TASK_STATUS_LABELS = {
  todo: 'Ya kufanya',
  in_progress: 'Inaendelea',
  blocked: 'Imekwama',
  done: 'Imekamilika',
};

export const HUB_TASK_PRIORITY_LABELS = {
  low: 'Chini',
  normal: 'Kawaida',
  high: 'Juu',
  urgent: 'Dharura',
};

export const ONBOARDING_ITEM_LABELS = {
  contract_signed: 'Mkataba umesainiwa',
  school_profile: 'Wasifu na nembo ya shule',
  academic_year: 'Mwaka wa masomo na mihula',
  streams_subjects: 'Mikondo na masomo',
  staff_accounts: 'Akaunti za wafanyakazi zimefunguliwa',
  learners_imported: 'Wanafunzi wameingizwa',
  fee_structures: 'Miundo ya ada imewekwa',
  mpesa_paybill: 'Paybill ya M-Pesa imeunganishwa',
  parents_invited: 'Wazazi wamealikwa',
  training_session: 'Mafunzo yamefanyika',
  go_live: 'Kuanza kutumia rasmi',
};

export const projectHubMessages = {
  title: 'Kitovu cha Miradi',
  onboardingProjectName: (school: string) => `Kuunganisha: ${school}`,
  api: {
    projectNotFound: 'Mradi huo haukupatikana.',
    taskNotFound: 'Kazi hiyo haikupatikana.',
    schoolNotFound: 'Shule hiyo haikupatikana.',
    itemNotFound: 'Kipengele hicho cha orodha hakikupatikana.',
    nameRequired: 'Andika jina la mradi.',
    nameTooLong: 'Jina la mradi ni refu mno (lisizidi herufi 120).',
    descriptionTooLong: 'Maelezo ni marefu mno (yasizidi herufi 5,000).',
    titleRequired: 'Andika kichwa cha kazi.',
    titleTooLong: 'Kichwa cha kazi ni kirefu mno (kisizidi herufi 200).',
    commentRequired: 'Andika maoni.',
    commentTooLong: 'Maoni ni marefu mno (yasizidi herufi 5,000).',
    noteTooLong: 'Dokezo ni refu mno (lisizidi herufi 1,000).',
    kind: 'Chagua kuunganisha shule au wa ndani.',
    projectStatus: 'Chagua umepangwa, unaendelea, umesitishwa au umekamilika.',
    taskStatus: 'Chagua ya kufanya, inaendelea, imekwama au imekamilika.',
    priority: 'Chagua chini, kawaida, juu au dharura.',
    date: 'Andika tarehe kwa mpangilio dd/mm/yyyy.',
    targetBeforeStart: 'Tarehe lengwa haiwezi kuwa kabla ya tarehe ya kuanza.',
    position: 'Nafasi lazima iwe nambari kamili kuanzia 0.',
    onboardingNeedsSchool: 'Chagua shule inayounganishwa.',
    unknownSchool: 'Shule hiyo haipo.',
    assigneeNotStaff: 'Kazi zinaweza kukabidhiwa wafanyakazi hai wa jukwaa la EduFam pekee.',
    ownerNotStaff: 'Mmiliki lazima awe mfanyakazi hai wa jukwaa la EduFam.',
    nothingToChange: 'Hakuna cha kubadilisha.',
    projectArchived: 'Mradi huu umehifadhiwa kwenye kumbukumbu; urejeshe kabla ya kuongeza kazi.',
    assigneeFilter: 'Tumia "me", "unassigned" au id ya mfanyakazi.',
    taskStatusFilter: 'Chagua ya kufanya, inaendelea, imekwama, imekamilika au zilizo wazi.',
  },
  audit: {
    projectCreated: (name: string) => `Mradi "${name}" umeundwa`,
    projectUpdated: (name: string) => `Mradi "${name}" umesasishwa`,
    projectArchived: (name: string) => `Mradi "${name}" umehifadhiwa kwenye kumbukumbu`,
    taskCreated: (title: string, project: string) => `Kazi "${title}" imeongezwa kwenye ${project}`,
    taskUpdated: (title: string) => `Kazi "${title}" imesasishwa`,
    taskDeleted: (title: string) => `Kazi "${title}" imefutwa`,
    onboardingItem: (label: string, done: boolean) =>
      `Kipengele cha kuunganisha "${label}" ${done ? 'kimetiwa alama ya kukamilika' : 'kimeondolewa alama ya kukamilika'}`,
    onboardingNote: (label: string) => `Dokezo la kipengele cha kuunganisha "${label}" limebadilishwa`,
  },
};
