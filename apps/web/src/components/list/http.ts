/**
 * The list machinery, pickers and dictionary widgets reach the server only through the shell's
 * HTTP client; this one re-export keeps the import path in one place.
 */
export {
  getAction,
  postAction,
  putAction,
  deleteAction,
  downloadFile,
  uploadAction,
  apiUrl,
} from '../../app/http/client';
export type { Envelope } from '../../app/http/client';
