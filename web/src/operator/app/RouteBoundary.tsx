import { Component, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { ErrorState } from '../../components/layout/QueryState.tsx';
import { consoleI18n } from '../lib/i18n.ts';

/**
 * A page that fails to render (or whose code cannot arrive) shows the kit's error block with a reload, in place of
 * the page: the frame, its navigation and sign-out stay usable.
 */
export class RouteBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <>
        <ErrorState error={this.state.error} />
        <Button sx={{ mt: 2 }} variant="outlined" onClick={() => window.location.reload()}>
          {consoleI18n.t('common:reload')}
        </Button>
      </>
    );
  }
}
