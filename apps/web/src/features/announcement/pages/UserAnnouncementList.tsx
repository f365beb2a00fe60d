/** The shell's static route for /isps/userAnnouncement names this component string. */
export { default } from './UserAnnouncement';
