import CLibZip
import Formats

/// libzip's C API, from the library opened when the first dotLottie file is read (`OnDemandLibrary`).
struct LibZipFunctions {
    let errorInit: splashlab_zip_error_init
    let errorFini: splashlab_zip_error_fini
    let errorText: splashlab_zip_error_strerror
    let sourceBufferCreate: splashlab_zip_source_buffer_create
    let sourceFree: splashlab_zip_source_free
    let openFromSource: splashlab_zip_open_from_source
    let discard: splashlab_zip_discard
    let entryCount: splashlab_zip_get_num_entries
    let statInit: splashlab_zip_stat_init
    let statIndex: splashlab_zip_stat_index
    let archiveErrorText: splashlab_zip_strerror
    let openIndex: splashlab_zip_fopen_index
    let read: splashlab_zip_fread
    let close: splashlab_zip_fclose
    let fileErrorText: splashlab_zip_file_strerror

    init(_ lib: OnDemandLibraryHandle) throws {
        errorInit = try lib.function("zip_error_init")
        errorFini = try lib.function("zip_error_fini")
        errorText = try lib.function("zip_error_strerror")
        sourceBufferCreate = try lib.function("zip_source_buffer_create")
        sourceFree = try lib.function("zip_source_free")
        openFromSource = try lib.function("zip_open_from_source")
        discard = try lib.function("zip_discard")
        entryCount = try lib.function("zip_get_num_entries")
        statInit = try lib.function("zip_stat_init")
        statIndex = try lib.function("zip_stat_index")
        archiveErrorText = try lib.function("zip_strerror")
        openIndex = try lib.function("zip_fopen_index")
        read = try lib.function("zip_fread")
        close = try lib.function("zip_fclose")
        fileErrorText = try lib.function("zip_file_strerror")
    }

    static let library = OnDemandLibrary(soname: "libzip.so.4", package: "libzip4", purpose: "to read dotLottie files")
    private static let loaded = library.load(LibZipFunctions.init)

    static func load() throws -> LibZipFunctions { try loaded.get() }

    /// libzip's text for an error (the pointer types lose the header's promise that it is never null).
    static func text(_ message: UnsafePointer<CChar>?) -> String { message.map { String(cString: $0) } ?? "unknown error" }
}
