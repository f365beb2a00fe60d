import { endpoint } from '../endpoint.js';
import { pageOf } from '../wire.js';
import { wfApplicationRow, wfTodoRow } from './responses.js';
import { myApplicationsQuery, todoListQuery } from './schemas.js';

/** The endpoints of the approval workflow the web calls through the typed client (docs/workflow.md). */
export const workflowEndpoints = {
  /** the caller's open tasks (also answers GET with a query) */
  todoList: endpoint({ method: 'POST', path: '/actTask/todoList', body: todoListQuery, result: pageOf(wfTodoRow) }),
  /** the caller's applications (also answers POST with a body) */
  myApplications: endpoint({ method: 'GET', path: '/actBusiness/listData', query: myApplicationsQuery, result: pageOf(wfApplicationRow) }),
};
