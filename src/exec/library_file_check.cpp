#include "exec/library_file_check.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include <fmt/format.h>

namespace eriq {
namespace {

// Closes the descriptor when it goes out of scope.
class Descriptor {
  public:
    explicit Descriptor(int fd) : fd_(fd) {}
    ~Descriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

// Reads exactly `size` bytes at `offset`; false when the file is shorter or the read fails.
bool read_at(int fd, void* out, std::size_t size, off_t offset) {
    auto* bytes = static_cast<char*>(out);
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, bytes + done, size - done, offset + static_cast<off_t>(done));
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

const char* file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// Whether [offset, offset + length) lies within a file of `size` bytes, without overflow.
bool within(std::uint64_t offset, std::uint64_t length, std::uint64_t size) {
    return offset <= size && length <= size - offset;
}

std::optional<std::string> header_problem(const Elf64_Ehdr& h, std::uint64_t size) {
    if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0) return "invalid ELF header";
    if (h.e_ident[EI_CLASS] != ELFCLASS64) return "not a 64-bit ELF file";
    const unsigned char host_order =
        __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB;
    if (h.e_ident[EI_DATA] != host_order) return "an ELF file of the other byte order";
    if (h.e_type != ET_DYN) return "an ELF file that is not a shared library";
    if (h.e_phentsize != sizeof(Elf64_Phdr) || h.e_phnum == 0 || h.e_phnum == PN_XNUM)
        return "an ELF file without a usable program header table";
    if (!within(h.e_phoff, std::uint64_t{h.e_phnum} * sizeof(Elf64_Phdr), size))
        return fmt::format("truncated: its program headers end past the file's {} bytes", size);
    if (h.e_shoff != 0 && !within(h.e_shoff, std::uint64_t{h.e_shnum} * h.e_shentsize, size))
        return fmt::format("truncated: its section header table ends past the file's {} bytes",
                           size);
    return std::nullopt;
}

}  // namespace

std::optional<std::string> library_file_problem(const std::string& path) {
    // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
    Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0) return std::nullopt;
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return std::nullopt;
    if (!S_ISREG(st.st_mode))
        return fmt::format("{}, not a shared library file", file_kind(st.st_mode));
    const auto size = static_cast<std::uint64_t>(st.st_size);
    Elf64_Ehdr header{};
    if (!read_at(fd.get(), &header, sizeof header, 0)) {
        if (size >= SELFMAG) {
            unsigned char magic[SELFMAG];
            if (read_at(fd.get(), magic, SELFMAG, 0) && std::memcmp(magic, ELFMAG, SELFMAG) == 0)
                return fmt::format("truncated: {} bytes, shorter than an ELF header", size);
        }
        return std::string("invalid ELF header");
    }
    if (auto problem = header_problem(header, size)) return problem;
    std::vector<Elf64_Phdr> segments(header.e_phnum);
    if (!read_at(fd.get(), segments.data(), segments.size() * sizeof(Elf64_Phdr),
                 static_cast<off_t>(header.e_phoff)))
        return std::string("unreadable program headers");
    for (const Elf64_Phdr& segment : segments)
        if (segment.p_type == PT_LOAD && !within(segment.p_offset, segment.p_filesz, size))
            return fmt::format(
                "truncated: a loadable segment ends at byte {}, past the file's {} bytes",
                segment.p_offset + segment.p_filesz, size);
    return std::nullopt;
}

}  // namespace eriq
