import { Descriptions, Modal } from 'antd';
import { renderCell } from './CellText';
import type { ListColumn, Row } from './types';

/** 详细信息 dialog (docs/system-admin.md, "List query conventions", width 1200): every column of the row, read-only. */
export function DetailModal({
  open,
  record,
  columns,
  onClose,
}: {
  open: boolean;
  record?: Row;
  columns: ListColumn<Row>[];
  onClose: () => void;
}) {
  return (
    <Modal title="详细信息" open={open} width={1200} onCancel={onClose} footer={null} destroyOnHidden>
      {record && (
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          {columns
            .filter((c) => !c.hideInDetail)
            .map((c, i) => (
              <Descriptions.Item key={c.dataIndex} label={c.title}>
                {renderCell(c, record[c.dataIndex], record, i)}
              </Descriptions.Item>
            ))}
        </Descriptions>
      )}
    </Modal>
  );
}
