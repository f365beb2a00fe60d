export { Auth, useAuth } from '../../app/auth';
