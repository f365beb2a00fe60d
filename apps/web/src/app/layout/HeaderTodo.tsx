import { CarryOutOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { Link } from 'react-router';
import { TODO_PATH } from './menu-items';

/** The caller's pending to-do count beside the bell; opens the to-do list. */
export function HeaderTodo({ count }: { count: number }) {
  const label = count > 0 ? `待办 ${count} 项` : '待办';
  return (
    <Tooltip title={label}>
      <Link
        to={TODO_PATH}
        className="app-header-action header-todo"
        aria-label={label}
        data-testid="header-todo"
        data-count={count}
        style={{ color: 'inherit' }}
      >
        <Badge count={count} size="small" overflowCount={199} offset={[2, -2]} data-testid="header-todo-badge">
          <CarryOutOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
