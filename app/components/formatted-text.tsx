import { useMemo, type ReactNode } from 'react';
import { parseFormatted, type FormattedNode } from '~/core/format';

/**
 * Message text with *bold*, _italic_, ~strike~ and links. Text goes in as React children (escaped
 * once, by React); links carry only hrefs the core checked to be http(s). No HTML is ever injected.
 */
export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => parseFormatted(text), [text]);
  return <span className="whitespace-pre-wrap break-words">{renderNodes(nodes)}</span>;
}

function renderNodes(nodes: readonly FormattedNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={index}>{renderNodes(node.children)}</strong>;
      case 'italic':
        return <em key={index}>{renderNodes(node.children)}</em>;
      case 'strike':
        return <s key={index}>{renderNodes(node.children)}</s>;
      case 'link':
        return (
          <a key={index} href={node.href} rel="noopener noreferrer nofollow ugc" target="_blank" className="underline text-primary-dark break-all">
            {node.text}
          </a>
        );
    }
  });
}
