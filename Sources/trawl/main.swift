import TrawlKit
