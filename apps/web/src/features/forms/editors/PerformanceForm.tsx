/** 绩效考评 keeps its own full-screen editor (year, quarter, self score) and view; found by its routeName. */
export { PerformanceEditor as default } from '../components/PerformanceEditor';
export { PerformanceView as View } from '../components/PerformanceView';
