/** 费用报销 keeps its own editor (line items with the running total) and view; found by its routeName. */
export { ExpenseEditor as default } from '../components/ExpenseEditor';
export { ExpenseView as View } from '../components/ExpenseView';
