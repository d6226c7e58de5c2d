/** The announcements feature's public surface: what other features may import (decision 0021). */
export { authorLine } from './announcement-detail';
export { useAnnouncements, useAnnouncementsLiveRefresh } from './announcements-api';
export { plainText } from './formatted-text';
export { SchoolAnnouncements } from './school-announcements';
