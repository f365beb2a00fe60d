export { Auth } from './Auth';
export { useAuth } from './useAuth';
