@_exported import TrawlHTML
