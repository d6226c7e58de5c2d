/** The users module's public surface: what other modules may import (decision 0021). */
export { deleteUserSessions, emailExists, setUserStatus, updateUserFields } from './users.repository.js';
