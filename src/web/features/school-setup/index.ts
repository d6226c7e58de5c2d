/** The school-setup feature's public surface: what other features may import (decision 0021). */
export { useSchoolDefaultLocale } from './api/profile';
export { useLevels, useStreams } from './api/structure';
export { useYears } from './api/years';
export { NameOptions, NativeSelect } from './components/shared';
