import type { WebFormType } from '../workflow/formTypes';
import { goodsEditor } from './components/GoodsEditor';
import { GOODS_LIST } from './components/goodsTypes';
import { GoodsView } from './components/GoodsView';

/** The ten goods form types (goods dialog style), matched by the wire tableName. */
export const formTypes: WebFormType[] = GOODS_LIST.map((g) => ({
  tableName: g.tableName,
  routeName: 'ledger/GoodsForm',
  label: g.label,
  fullScreen: false,
  commentRequired: false,
  passPath: 'pass',
  View: GoodsView,
  Editor: goodsEditor(g.tableName),
}));
