export { DragVerify, type DragVerifyProps } from './DragVerify';
