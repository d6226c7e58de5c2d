/** The assessment feature's public surface: what other features may import (decision 0021). */
export { MarksToEnter } from './components/marks-to-enter';
export { ChildSwitcher } from './parent/child-switcher';
