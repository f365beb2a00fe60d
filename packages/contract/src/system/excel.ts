import { z } from 'zod';
import { envelope, messageResponse } from '../wire.js';

/** The result of an import with bad rows (`code 201`): counts and a signed link to the error lines. */
export const sysImportErrors = z.object({
  totalCount: z.number(),
  errorCount: z.number(),
  successCount: z.number(),
  msg: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
});

/** Every `importExcel` answer: `共N行数据全部导入成功！` (a message) or the `code 201` error report. */
export const sysImportResponse = z.union([messageResponse, envelope(sysImportErrors)]);
