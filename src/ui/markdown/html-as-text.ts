interface MdastNode {
  type: string
  value?: string
  children?: MdastNode[]
}

/**
 * A remark plugin that turns raw HTML in a message into plain text, so `<b>` or a hostile
 * `<img onerror>` shows as the characters typed and never becomes an element.
 */
export function remarkHtmlAsText() {
  return (tree: MdastNode) => {
    const visit = (node: MdastNode) => {
      if (node.type === 'html') node.type = 'text'
      node.children?.forEach(visit)
    }
    visit(tree)
  }
}
