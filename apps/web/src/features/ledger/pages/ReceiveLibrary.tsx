import { AssetLibrary } from '../components/AssetLibrary';

/** 领用库: assets in this state, searchable and exportable, each with its movement history. */
export default function ReceiveLibrary() {
  return <AssetLibrary lib="receive" name="领用库" holderTitle="领用人" />;
}
