export { CheckboxGroup, type CheckboxGroupProps } from './CheckboxGroup';
export { Ellipsis, ELLIPSIS_LENGTH, ellipsisText } from './Ellipsis';
export { InputPop, INPUT_POP_SIZE, type InputPopProps } from './InputPop';
