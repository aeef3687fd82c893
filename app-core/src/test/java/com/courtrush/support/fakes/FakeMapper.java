package com.courtrush.support.fakes;

import com.baomidou.mybatisplus.core.conditions.Wrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.core.metadata.IPage;
import java.io.Serializable;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.session.ResultHandler;

/**
 * MyBatis-Plus's generic statements, none of them faked: a fake mapper overrides the few its service uses, and a
 * service that starts using another one fails its unit test loudly instead of reading nothing.
 */
abstract class FakeMapper<T> implements BaseMapper<T> {

    static UnsupportedOperationException notFaked() {
        return new UnsupportedOperationException("not faked: add it to the fake mapper if the service needs it");
    }

    @Override
    public int insert(T entity) {
        throw notFaked();
    }

    @Override
    public int deleteById(T entity) {
        throw notFaked();
    }

    @Override
    public int delete(Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public int updateById(T entity) {
        throw notFaked();
    }

    @Override
    public int update(T entity, Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public T selectById(Serializable id) {
        throw notFaked();
    }

    @Override
    public List<T> selectByIds(Collection<? extends Serializable> ids) {
        throw notFaked();
    }

    @Override
    public void selectByIds(Collection<? extends Serializable> ids, ResultHandler<T> handler) {
        throw notFaked();
    }

    @Override
    public Long selectCount(Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public List<T> selectList(Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public void selectList(Wrapper<T> wrapper, ResultHandler<T> handler) {
        throw notFaked();
    }

    @Override
    public List<T> selectList(IPage<T> page, Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public void selectList(IPage<T> page, Wrapper<T> wrapper, ResultHandler<T> handler) {
        throw notFaked();
    }

    @Override
    public List<Map<String, Object>> selectMaps(Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public void selectMaps(Wrapper<T> wrapper, ResultHandler<Map<String, Object>> handler) {
        throw notFaked();
    }

    @Override
    public List<Map<String, Object>> selectMaps(IPage<? extends Map<String, Object>> page, Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public void selectMaps(
            IPage<? extends Map<String, Object>> page, Wrapper<T> wrapper, ResultHandler<Map<String, Object>> handler) {
        throw notFaked();
    }

    @Override
    public <E> List<E> selectObjs(Wrapper<T> wrapper) {
        throw notFaked();
    }

    @Override
    public <E> void selectObjs(Wrapper<T> wrapper, ResultHandler<E> handler) {
        throw notFaked();
    }
}
