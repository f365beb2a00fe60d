import { AssetLibrary } from '../components/AssetLibrary';

/** 共享库: assets in this state, searchable and exportable, each with its movement history. */
export default function ShareLibrary() {
  return <AssetLibrary lib="share" name="共享库" holderTitle="共享人" />;
}
