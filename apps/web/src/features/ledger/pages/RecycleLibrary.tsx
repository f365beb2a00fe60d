import { AssetLibrary } from '../components/AssetLibrary';

/** 回收库: assets in this state, searchable and exportable, each with its movement history. */
export default function RecycleLibrary() {
  return <AssetLibrary lib="recycle" name="回收库" holderTitle="持有人" />;
}
