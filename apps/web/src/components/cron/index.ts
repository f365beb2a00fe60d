export { CronEditor, useCronPreview, type CronEditorProps } from './CronEditor';
export { CronModal } from './CronModal';
export { CronInput } from './CronInput';
export { applyEditorChange, initialModel } from './editorRules';
