import { z } from 'zod';

/** An upload's result (`/sys/common/upload`, `/sys/minio/uploadFile`); the stored path travels in `message`. */
export const sysUploadResult = z.object({ msg: z.string(), fileUrl: z.string(), fileName: z.string() });
