import { CarryOutOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { Link } from 'react-router';
import { TODO_PATH } from './menu-items';

/** The badge's cap: a larger count shows as 199+. */
const OVERFLOW = 199;

/**
 * The caller's pending to-do count beside the bell; opens the to-do list. Its name holds the badge's
 * text as shown (WCAG 2.5.3, label in name): 待办 199+ 项 when the badge shows 199+.
 */
export function HeaderTodo({ count }: { count: number }) {
  const shown = count > OVERFLOW ? `${OVERFLOW}+` : String(count);
  const label = count > 0 ? `待办 ${shown} 项` : '待办';
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
        <Badge count={count} size="small" overflowCount={OVERFLOW} offset={[2, -2]} data-testid="header-todo-badge">
          <CarryOutOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
