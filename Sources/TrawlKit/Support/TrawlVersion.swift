/// The version `trawl --version` prints, sent as `Trawl/VERSION` in the User-Agent and Server headers.
public enum TrawlVersion {
    public static let current = "0.1.0"
}
