import { useEffect, useRef, useState } from 'react'

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true

/**
 * Files dropped anywhere on the page attach to the message being written
 * (docs/product/attachments.md#adding-files). `dropping` is true while files are dragged over
 * it, for the outline that says so; entries are counted, as moving onto a child leaves its
 * parent first.
 */
export function useFileDrop(onFiles: (files: File[]) => void): boolean {
  const [dropping, setDropping] = useState(false)
  const latest = useRef(onFiles)
  latest.current = onFiles
  useEffect(() => {
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth++
      setDropping(true)
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDropping(false)
    }
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDropping(false)
      const files = [...(event.dataTransfer?.files ?? [])]
      if (files.length) latest.current(files)
    }
    document.addEventListener('dragenter', enter)
    document.addEventListener('dragleave', leave)
    document.addEventListener('dragover', over)
    document.addEventListener('drop', drop)
    return () => {
      document.removeEventListener('dragenter', enter)
      document.removeEventListener('dragleave', leave)
      document.removeEventListener('dragover', over)
      document.removeEventListener('drop', drop)
    }
  }, [])
  return dropping
}
