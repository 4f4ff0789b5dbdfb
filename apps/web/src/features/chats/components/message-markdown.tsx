import { Typography } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const remarkPlugins = [remarkGfm];

/** Links leave the app in a new tab, without giving the opened page a handle on this one. */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * A message's markdown (GitHub flavour: tables, lists, strikethrough, links). Raw HTML in the
 * text is shown as text, never as markup: there is no rehype-raw, and react-markdown drops
 * unsafe link protocols (javascript:...) by itself.
 */
export function MessageMarkdown({ text }: { text: string }) {
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </Markdown>
    </Typography>
  );
}
