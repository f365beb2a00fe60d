export { FileUpload, type FileUploadProps } from './FileUpload';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export * from './uploadCore';
