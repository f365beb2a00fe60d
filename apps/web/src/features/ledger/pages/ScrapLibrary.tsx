import { AssetLibrary } from '../components/AssetLibrary';

/** 报废库: assets in this state, searchable and exportable, each with its movement history. */
export default function ScrapLibrary() {
  return <AssetLibrary lib="scrap" name="报废库" holderTitle="持有人" />;
}
