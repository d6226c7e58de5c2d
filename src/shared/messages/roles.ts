import { localized } from '../i18n/localized.js';
import * as sw from './sw/roles.js';

/** Display names of the roles (spec §6), as the user menu, staff lists and messages show them. */
export const roleDisplayNames = localized('roles/roleDisplayNames', {
  edufam_admin: 'EduFam Admin Staff',
  elimisha_admin: 'Elimisha Admin Staff',
  school_director: 'School Director',
  principal: 'Principal',
  teacher: 'Teacher',
  parent: 'Parent',
  finance_officer: 'Finance Officer',
  hr: 'HR Manager',
}, { sw: sw.roleDisplayNames });
