export { Auth } from '../../app/auth';
