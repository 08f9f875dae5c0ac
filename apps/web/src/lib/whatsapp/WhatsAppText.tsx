import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { parseMarkup, type MarkupNode } from './markup';

interface WhatsAppTextProps {
  text: string;
  /** Off in one-line previews that sit inside a clickable row: links show as text there. */
  links?: boolean;
}

/** A message text shown as WhatsApp shows it; built from React elements only, so nothing in it runs as HTML. */
export function WhatsAppText({ text, links = true }: WhatsAppTextProps) {
  return <>{render(parseMarkup(text), links)}</>;
}

function render(nodes: MarkupNode[], links: boolean): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={index}>{render(node.children, links)}</strong>;
      case 'italic':
        return <em key={index}>{render(node.children, links)}</em>;
      case 'strike':
        return <s key={index}>{render(node.children, links)}</s>;
      case 'mono':
        return (
          <code key={index} style={{ fontFamily: 'monospace' }}>
            {node.text}
          </code>
        );
      case 'link':
        return links ? (
          // The surrounding text's colour, underlined: a link colour can vanish on a coloured bubble.
          <Link
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            underline="always"
          >
            {node.text}
          </Link>
        ) : (
          node.text
        );
    }
  });
}
