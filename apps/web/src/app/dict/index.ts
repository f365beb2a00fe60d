export { itemVisibleTo, toOptions, useDictOptions, useDictText, type DictOption } from './useDictOptions';
