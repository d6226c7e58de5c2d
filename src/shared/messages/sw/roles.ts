/** Kiswahili of ../roles.ts. */
export const roleDisplayNames = {
  edufam_admin: 'Wafanyakazi wa Utawala wa EduFam',
  elimisha_admin: 'Wafanyakazi wa Utawala wa Elimisha',
  school_director: 'Mkurugenzi wa Shule',
  principal: 'Mwalimu Mkuu',
  teacher: 'Mwalimu',
  parent: 'Mzazi',
  finance_officer: 'Afisa wa Fedha',
  hr: 'Meneja wa Rasilimali Watu',
};
