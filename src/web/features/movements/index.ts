/** The movements feature's public surface: what other features may import (decision 0021). */
export { LearnerPicker, type PickedLearner } from './components/learner-picker';
