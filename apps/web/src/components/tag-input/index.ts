export { TagInput, formatTags, tagsOf, type TagInputProps } from './TagInput';
