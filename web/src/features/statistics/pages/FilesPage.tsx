import { FilesScreen } from '../components/FilesTable.tsx';

/** Statistics by files. */
export default function FilesPage() {
  return <FilesScreen copies={false} />;
}
