import { FilesScreen } from '../components/FilesTable.tsx';

/** Statistics by file copies. */
export default function FilesCopiesPage() {
  return <FilesScreen copies />;
}
