import { act, render, screen } from '@testing-library/react';
import { PreviewBanner } from './PreviewBanner';
import { resetReleaseReports, setPreviewedRemotes } from '../federation/releaseReports';

afterEach(() => resetReleaseReports());

describe('the preview banner', () => {
  it('names the release this browser previews and offers the way out; nothing without a preview', () => {
    render(<PreviewBanner />);
    expect(screen.queryByRole('region', { name: 'Release preview' })).toBeNull();
    act(() => setPreviewedRemotes([{ name: 'mf_chat', version: '0.2.0+bbbbbbbbbbbb', preview: true }, { name: 'mf_auth', version: '0.1.0+aaaaaaaaaaaa' }]));
    const banner = screen.getByRole('region', { name: 'Release preview' });
    expect(banner).toHaveTextContent('Preview: mf_chat 0.2.0+bbbbbbbbbbbb. Only this browser sees it.');
    expect(screen.getByRole('link', { name: 'Leave preview' })).toHaveAttribute('href', '/?sx_preview=leave');
    act(() => setPreviewedRemotes([{ name: 'mf_chat', version: '0.1.0+aaaaaaaaaaaa' }]));
    expect(screen.queryByRole('region', { name: 'Release preview' })).toBeNull();
  });
});
